//! Figures for people, written one way everywhere: counts with thousands separators (or as 1.21 × 10¹⁹ when
//! they have too many digits to read), ratios with three significant digits, shares that never round to a false
//! 100 % or 0 %, and rates with a unit prefix ("1.96 M"). The window, the Tree lab and the headless commands
//! all print their figures through these, so one search reads the same wherever it is shown.

/// Counts from this size on are written as a power of ten: past a dozen digits, groups of three stop helping.
const SCIENTIFIC_FROM: f64 = 1e12;

/// A count with thousands separators: 200,000,000.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A count as people read it: "139,227", or "1.21 × 10¹⁹" from a trillion on.
pub fn count(n: u64) -> String {
    if n as f64 >= SCIENTIFIC_FROM { scientific(n as f64) } else { thousands(n) }
}

/// A count held as a float (an estimated tree's size), rounded to a whole number and written as [`count`] does;
/// "–" when it is not a number.
pub fn count_f64(x: f64) -> String {
    if !x.is_finite() || x < 0.0 {
        "–".to_string()
    } else if x >= SCIENTIFIC_FROM {
        scientific(x)
    } else {
        thousands(x.round() as u64)
    }
}

/// `x` as "1.21 × 10¹⁹": three significant digits (trailing zeros dropped) times a power of ten.
pub fn scientific(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let mut exponent = x.abs().log10().floor() as i32;
    let mut mantissa = x / 10f64.powi(exponent);
    // 9.996 rounds to 10.0: one more power of ten instead.
    if (mantissa.abs() * 100.0).round() >= 1000.0 {
        mantissa /= 10.0;
        exponent += 1;
    }
    let mantissa = trim_zeros(&format!("{mantissa:.2}"));
    format!("{mantissa} × 10{}", superscript(exponent))
}

/// An exponent in superscript digits: 19 → "¹⁹", −3 → "⁻³".
fn superscript(exponent: i32) -> String {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let mut out = String::new();
    if exponent < 0 {
        out.push('⁻');
    }
    for c in exponent.unsigned_abs().to_string().chars() {
        out.push(c.to_digit(10).map_or(c, |d| DIGITS[d as usize]));
    }
    out
}

/// "1.50" → "1.5", "2.00" → "2", "120" stays.
fn trim_zeros(text: &str) -> String {
    if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.').to_string() } else { text.to_string() }
}

/// A number with three significant digits: "0.0123", "2.5", "830", "87,100", "8.71 × 10¹³"; whole numbers from
/// 1,000 on keep their digits with separators (rounded to three significant ones).
pub fn significant(x: f64) -> String {
    if !x.is_finite() {
        return "–".to_string();
    }
    if x == 0.0 {
        return "0".to_string();
    }
    let magnitude = x.abs().log10().floor() as i32;
    if x.abs() >= SCIENTIFIC_FROM || magnitude < -4 {
        return scientific(x);
    }
    if magnitude >= 3 {
        let unit = 10f64.powi(magnitude - 2);
        let rounded = (x.abs() / unit).round() * unit;
        let sign = if x < 0.0 { "−" } else { "" };
        return format!("{sign}{}", thousands(rounded as u64));
    }
    let decimals = (2 - magnitude).max(0) as usize;
    trim_zeros(&format!("{x:.decimals$}")).replace('-', "−")
}

/// A search's value for people: signed, at most three decimals, trailing zeros dropped — "+0.02" where the
/// search's arithmetic gave 0.019999999999999997, "-1.5", "+3". Machine output (`--json`) keeps the full number.
pub fn value(x: f64) -> String {
    if !x.is_finite() {
        return format!("{x:+}");
    }
    let rounded = (x * 1000.0).round() / 1000.0 + 0.0;
    trim_zeros(&format!("{rounded:+.3}"))
}

/// How many times `x`: "×2.5", "×830", "×8.71 × 10¹³", "×0.0123" — never "×0.00".
pub fn times(x: f64) -> String {
    format!("×{}", significant(x))
}

/// A share (0 to 1) as a percentage with two decimals, and more where two would round a share that is not whole
/// to 100 % or one that is not nothing to 0 % ("99.9987 %"); "> 99.999999 %" and "< 0.000001 %" past that.
pub fn percent(share: f64) -> String {
    if !share.is_finite() {
        return "–".to_string();
    }
    let value = 100.0 * share;
    for decimals in 2..=6 {
        let text = format!("{value:.decimals$}");
        let rounded: f64 = text.parse().unwrap_or(value);
        let false_whole = rounded == 100.0 && share < 1.0;
        let false_nothing = rounded == 0.0 && share > 0.0;
        if !false_whole && !false_nothing {
            return format!("{} %", text.replace('-', "−"));
        }
    }
    if share > 0.5 { "> 99.999999 %".to_string() } else { "< 0.000001 %".to_string() }
}

/// A rate with a unit prefix and three significant digits: "850", "12.3 k", "1.96 M", "4.2 G".
pub fn rate(per_second: f64) -> String {
    if !per_second.is_finite() || per_second < 0.0 {
        return "–".to_string();
    }
    let prefixes = [(1e12, " T"), (1e9, " G"), (1e6, " M"), (1e3, " k")];
    for (scale, prefix) in prefixes {
        // 999,700 is "1.00 M", not "1000 k".
        if per_second >= scale * 0.9995 {
            return format!("{}{prefix}", three_digits(per_second / scale));
        }
    }
    three_digits(per_second)
}

/// 1.9595 → "1.96", 12.34 → "12.3", 512.4 → "512", 0.5 → "0.5".
fn three_digits(x: f64) -> String {
    let decimals = if x >= 99.95 {
        0
    } else if x >= 9.995 {
        1
    } else {
        2
    };
    trim_zeros(&format!("{x:.decimals$}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_or_powers_of_ten() {
        let cases: [(u64, &str); 8] = [
            (0, "0"),
            (999, "999"),
            (1_000, "1,000"),
            (139_227, "139,227"),
            (200_000_000, "200,000,000"),
            (999_999_999_999, "999,999,999,999"),
            (12_119_920_714_306_873_344, "1.21 × 10¹⁹"),
            (u64::MAX, "1.84 × 10¹⁹"),
        ];
        for (n, text) in cases {
            assert_eq!(count(n), text, "{n}");
        }
        assert_eq!(count_f64(1.2119920714306873e19), "1.21 × 10¹⁹");
        assert_eq!(count_f64(4_213.4), "4,213");
        assert_eq!(count_f64(f64::NAN), "–");
        assert_eq!(count_f64(9.9999e12), "1 × 10¹³");
    }

    #[test]
    fn ratios_keep_three_significant_digits() {
        let cases: [(f64, &str); 10] = [
            (2.5, "×2.5"),
            (1.0, "×1"),
            (829.4, "×829"),
            (87_051.5, "×87,100"),
            (87_051_510_944_766.0, "×8.71 × 10¹³"),
            (0.004_21, "×0.00421"),
            (0.0, "×0"),
            (0.123_456, "×0.123"),
            (12.345, "×12.3"),
            (0.000_012, "×1.2 × 10⁻⁵"),
        ];
        for (x, text) in cases {
            assert_eq!(times(x), text, "{x}");
        }
    }

    #[test]
    fn shares_never_round_to_a_false_whole_or_nothing() {
        let cases: [(f64, &str); 8] = [
            (0.5, "50.00 %"),
            (1.0, "100.00 %"),
            (0.0, "0.00 %"),
            (0.99995, "99.995 %"),
            (0.999_999_9, "99.99999 %"),
            (1.0 - 1.15e-14, "> 99.999999 %"),
            (0.000_04, "0.004 %"),
            (-0.25, "−25.00 %"),
        ];
        for (share, text) in cases {
            assert_eq!(percent(share), text, "{share}");
        }
    }

    #[test]
    fn rates_have_a_prefix() {
        let cases: [(f64, &str); 7] = [
            (1_959_495.0, "1.96 M"),
            (850.0, "850"),
            (12_345.0, "12.3 k"),
            (999_700.0, "1 M"),
            (4.2e9, "4.2 G"),
            (0.5, "0.5"),
            (f64::NAN, "–"),
        ];
        for (x, text) in cases {
            assert_eq!(rate(x), text, "{x}");
        }
    }
}
