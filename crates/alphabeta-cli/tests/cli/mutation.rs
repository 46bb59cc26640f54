//! Small random edits of a valid text, for property tests of the readers (tree files, game files, sessions).

use proptest::prelude::*;

/// `text` with a few bytes replaced, removed or inserted (chosen from the format's own punctuation).
pub fn mutate(text: &str, edits: &[(usize, u8, u8)]) -> String {
    const ALPHABET: &[u8] = b"()[]{},:\"0123456789-.eE_aZ \n\\#/*";
    let mut bytes = text.as_bytes().to_vec();
    for &(at, what, pick) in edits {
        if bytes.is_empty() {
            break;
        }
        let at = at % bytes.len();
        let c = ALPHABET[pick as usize % ALPHABET.len()];
        match what % 3 {
            0 => bytes[at] = c,
            1 => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, c),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

pub fn edits() -> impl Strategy<Value = Vec<(usize, u8, u8)>> {
    prop::collection::vec((any::<usize>(), any::<u8>(), any::<u8>()), 1..5)
}
