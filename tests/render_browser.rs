//! Pictures as a person sees them: the README's examples and every shipped variant puzzle,
//! drawn by a real browser (headless Chromium) to PNG, must come out at their size and show
//! a grid — not a blank page, not a broken-image icon. Skipped, with a message, when no
//! Chromium is installed — except under `CI=true`, where a missing Chromium fails the run
//! (`.ci/run` installs Debian's `chromium`). Set
//! `SATDOKU_KEEP_SCREENSHOTS=DIR` to keep the PNGs for a look.

mod common;

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The browser to use: $SATDOKU_CHROMIUM, else the first of the usual names on PATH.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("SATDOKU_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for name in ["chromium", "chromium-browser", "google-chrome", "chrome"] {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

/// Screenshots `url` in a `w`×`h` window to `png`.
fn screenshot(browser: &Path, url: &str, (w, h): (u32, u32), png: &Path) {
    let profile = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--screenshot={}", png.display()))
        .arg(format!("--window-size={w},{h}"))
        .arg(url)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(
                status.success(),
                "{} failed on {url}: {status}",
                browser.display()
            );
            break;
        }
        if start.elapsed() > Duration::from_secs(120) {
            let _ = child.kill();
            panic!("{} took over two minutes on {url}", browser.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Copies the screenshots to $SATDOKU_KEEP_SCREENSHOTS, if set, to look at them.
fn keep(dir: &Path) {
    let Some(to) = std::env::var_os("SATDOKU_KEEP_SCREENSHOTS") else {
        return;
    };
    std::fs::create_dir_all(&to).unwrap();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "png") {
            std::fs::copy(&p, Path::new(&to).join(p.file_name().unwrap())).unwrap();
        }
    }
}

/// An RGB image.
struct Image {
    width: u32,
    height: u32,
    rgb: Vec<[u8; 3]>,
}

impl Image {
    fn read(path: &Path) -> Image {
        let mut decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let channels = info.color_type.samples();
        let rgb = buf[..info.buffer_size()]
            .chunks(channels)
            .map(|p| match channels {
                1 | 2 => [p[0]; 3],
                _ => [p[0], p[1], p[2]],
            })
            .collect();
        Image {
            width: info.width,
            height: info.height,
            rgb,
        }
    }

    fn at(&self, x: u32, y: u32) -> [u8; 3] {
        self.rgb[(y * self.width + x) as usize]
    }
}

/// What a region of a screenshot shows.
#[derive(Debug, Default)]
struct Seen {
    /// Share of pixels that are not white.
    inked: f64,
    /// Width and height of the box around the dark (black-ish) pixels.
    dark_box: (u32, u32),
    /// Pixels in the colour of solved digits (blue) and of highlighted cells (yellow).
    blue: usize,
    yellow: usize,
}

fn look(img: &Image, (x0, y0, w, h): (u32, u32, u32, u32)) -> Seen {
    let (mut inked, mut blue, mut yellow) = (0usize, 0, 0);
    let (mut minx, mut miny, mut maxx, mut maxy) = (u32::MAX, u32::MAX, 0, 0);
    for y in y0..(y0 + h).min(img.height) {
        for x in x0..(x0 + w).min(img.width) {
            let [r, g, b] = img.at(x, y);
            if r < 235 || g < 235 || b < 235 {
                inked += 1;
            }
            if (r as u32 + g as u32 + b as u32) < 150 {
                (minx, miny, maxx, maxy) = (minx.min(x), miny.min(y), maxx.max(x), maxy.max(y));
            }
            if b > 150 && r < 90 && g < 140 {
                blue += 1;
            }
            if r > 235 && (190..235).contains(&g) && b < 140 {
                yellow += 1;
            }
        }
    }
    Seen {
        inked: inked as f64 / (w * h) as f64,
        dark_box: if maxx >= minx {
            (maxx - minx + 1, maxy - miny + 1)
        } else {
            (0, 0)
        },
        blue,
        yellow,
    }
}

/// The width and height an SVG file asks for.
fn svg_size(path: &Path) -> (u32, u32) {
    let text = std::fs::read_to_string(path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let root = doc.root_element();
    let num = |a: &str| root.attribute(a).unwrap().parse::<f64>().unwrap().ceil() as u32;
    (num("width"), num("height"))
}

/// A picture drawn at its size: not blank, the grid's black frame spanning most of it.
fn assert_drawn(name: &str, seen: &Seen, (w, h): (u32, u32)) {
    assert!(
        seen.inked > 0.03,
        "{name}: almost blank ({:.3} inked)",
        seen.inked
    );
    assert!(
        seen.dark_box.0 * 2 > w && seen.dark_box.1 * 2 > h,
        "{name}: dark pixels span only {:?} of {w}x{h}",
        seen.dark_box
    );
}

#[test]
fn readme_examples_and_shipped_variants_look_right_in_a_browser() {
    let Some(browser) = chromium() else {
        common::missing_tool("chromium (not on PATH; set SATDOKU_CHROMIUM to a Chromium binary)");
        return;
    };
    let dir = tempfile::tempdir().unwrap();

    // The README's pictures, one window each, exactly the SVG's size.
    for (name, solved, highlighted) in [
        ("classic", true, false),
        ("variant", false, false),
        ("multiple", true, true),
    ] {
        let svg = PathBuf::from(format!("docs/img/{name}.svg"));
        let size = svg_size(&svg);
        let png = dir.path().join(format!("{name}.png"));
        let url = format!("file://{}", svg.canonicalize().unwrap().display());
        screenshot(&browser, &url, size, &png);
        let img = Image::read(&png);
        assert_eq!((img.width, img.height), size, "{name}: screenshot size");
        let seen = look(&img, (0, 0, size.0, size.1));
        assert_drawn(name, &seen, size);
        assert_eq!(seen.blue > 500, solved, "{name}: solved digits: {seen:?}");
        assert_eq!(
            seen.yellow > 500,
            highlighted,
            "{name}: highlights: {seen:?}"
        );
    }

    // Every shipped variant, drawn by the binary, laid out on one page at the sizes the
    // files ask for (the page gives no size, so a picture the browser cannot size or read
    // would show up small or empty).
    let svgs = dir.path().join("variants");
    let files: Vec<PathBuf> = std::fs::read_dir("puzzles/variants")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    Command::cargo_bin("satdoku")
        .unwrap()
        .args(["render", "-q", "--dir"])
        .arg(&svgs)
        .args(&files)
        .assert()
        .success();
    let mut pictures: Vec<(PathBuf, (u32, u32))> = std::fs::read_dir(&svgs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let s = svg_size(&p);
            (p, s)
        })
        .collect();
    pictures.sort();
    assert_eq!(pictures.len(), files.len());
    let columns = 6;
    let cell_w = pictures.iter().map(|p| p.1 .0).max().unwrap() + 10;
    let mut html = String::from("<!DOCTYPE html><html><body style=\"margin:0;background:#fff\">");
    let mut places = Vec::new();
    let (mut y, mut row_h) = (0, 0);
    for (i, (path, (w, h))) in pictures.iter().enumerate() {
        if i > 0 && i % columns == 0 {
            y += row_h + 10;
            row_h = 0;
        }
        let x = (i % columns) as u32 * cell_w;
        row_h = row_h.max(*h);
        html.push_str(&format!(
            "<img style=\"position:absolute;left:{x}px;top:{y}px\" src=\"{}\">",
            path.file_name().unwrap().to_str().unwrap()
        ));
        places.push((path.clone(), (x, y, *w, *h)));
    }
    html.push_str("</body></html>");
    let page = svgs.join("all.html");
    std::fs::write(&page, html).unwrap();
    let size = (columns as u32 * cell_w, y + row_h);
    let png = dir.path().join("variants.png");
    screenshot(&browser, &format!("file://{}", page.display()), size, &png);
    let img = Image::read(&png);
    keep(dir.path());
    assert_eq!((img.width, img.height), size);
    for (path, place) in places {
        let name = path.file_name().unwrap().to_string_lossy();
        assert_drawn(&name, &look(&img, place), (place.2, place.3));
    }
}
