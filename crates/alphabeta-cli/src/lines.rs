//! Lines of a text stream, each of bounded length, ending at `\n`, `\r\n` or a lone `\r` (old Mac files), so that
//! neither one endless line nor a file with carriage returns only can be read as one huge line.

use std::io::BufRead;

/// One line read.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The line, without its ending.
    Text(String),
    /// A line longer than the cap (skipped to its end, never held in memory), or not UTF-8.
    Unreadable(String),
}

/// Reads `input` line by line; each line holds at most `cap` bytes.
pub struct Lines<R> {
    input: R,
    cap: usize,
    /// A `\r` ended the last line: a `\n` right after it belongs to the same ending.
    after_cr: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R, cap: usize) -> Self {
        Lines { input, cap, after_cr: false }
    }

    /// The input being read.
    pub fn input(&self) -> &R {
        &self.input
    }

    /// The next line, `None` at the end of the input.
    pub fn next_line(&mut self) -> std::io::Result<Option<Line>> {
        let mut bytes = Vec::new();
        let mut too_long = false;
        let mut read_any = false;
        loop {
            let buffer = match self.input.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buffer.is_empty() {
                if !read_any {
                    return Ok(None);
                }
                break;
            }
            if std::mem::take(&mut self.after_cr) && buffer[0] == b'\n' {
                self.input.consume(1);
                continue;
            }
            read_any = true;
            let end = buffer.iter().position(|&b| b == b'\n' || b == b'\r');
            let chunk = &buffer[..end.unwrap_or(buffer.len())];
            if bytes.len() + chunk.len() > self.cap {
                too_long = true;
            } else {
                bytes.extend_from_slice(chunk);
            }
            let used = chunk.len();
            match end {
                Some(i) => {
                    self.after_cr = buffer[i] == b'\r';
                    self.input.consume(used + 1);
                    break;
                }
                None => self.input.consume(used),
            }
        }
        if too_long {
            return Ok(Some(Line::Unreadable(format!("longer than {} bytes, so not read", self.cap))));
        }
        Ok(Some(match String::from_utf8(bytes) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::Unreadable("not UTF-8 text".to_string()),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn all(input: &[u8], cap: usize) -> Vec<Line> {
        let mut lines = Lines::new(input, cap);
        std::iter::from_fn(|| lines.next_line().expect("reads")).collect()
    }

    fn text(s: &str) -> Line {
        Line::Text(s.to_string())
    }

    #[test]
    fn every_line_ending_ends_a_line() {
        assert_eq!(all(b"44\n53\r\n12\r71", 10), [text("44"), text("53"), text("12"), text("71")]);
        assert_eq!(all(b"44\r\r\n5", 10), [text("44"), text(""), text("5")]);
        assert_eq!(all(b"\n", 10), [text("")]);
        assert_eq!(all(b"", 10), []);
    }

    #[test]
    fn a_long_line_is_skipped_without_being_kept() {
        let lines = all(b"4444444444444\n12\n", 4);
        assert!(matches!(&lines[0], Line::Unreadable(why) if why.contains("longer than 4 bytes")), "{lines:?}");
        assert_eq!(lines[1], text("12"));
        // An endless line without an ending: read through in bounded memory.
        let mut endless = Lines::new(std::io::BufReader::new(std::io::repeat(b'4').take(10_000_000)), 64);
        assert!(matches!(endless.next_line(), Ok(Some(Line::Unreadable(_)))));
        assert!(matches!(endless.next_line(), Ok(None)));
    }
}
