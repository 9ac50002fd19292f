use super::*;

fn names(size: usize, n: usize) -> Option<String> {
    fixed_points(size, n).map(|v| {
        v.iter()
            .map(|p| p.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// The lists of the GTP v2 specification, section 4.1.1, for 19×19, 13×13 and 9×9.
#[test]
fn layouts_of_the_gtp_specification() {
    let spec: [(usize, [&str; 8]); 3] = [
        (
            19,
            [
                "D4 Q16",
                "D4 Q16 D16",
                "D4 Q16 D16 Q4",
                "D4 Q16 D16 Q4 K10",
                "D4 Q16 D16 Q4 D10 Q10",
                "D4 Q16 D16 Q4 D10 Q10 K10",
                "D4 Q16 D16 Q4 D10 Q10 K4 K16",
                "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10",
            ],
        ),
        (
            13,
            [
                "D4 K10",
                "D4 K10 D10",
                "D4 K10 D10 K4",
                "D4 K10 D10 K4 G7",
                "D4 K10 D10 K4 D7 K7",
                "D4 K10 D10 K4 D7 K7 G7",
                "D4 K10 D10 K4 D7 K7 G4 G10",
                "D4 K10 D10 K4 D7 K7 G4 G10 G7",
            ],
        ),
        (
            9,
            [
                "C3 G7",
                "C3 G7 C7",
                "C3 G7 C7 G3",
                "C3 G7 C7 G3 E5",
                "C3 G7 C7 G3 C5 G5",
                "C3 G7 C7 G3 C5 G5 E5",
                "C3 G7 C7 G3 C5 G5 E3 E7",
                "C3 G7 C7 G3 C5 G5 E3 E7 E5",
            ],
        ),
    ];
    for (size, lists) in spec {
        for (i, want) in lists.iter().enumerate() {
            let n = i + 2;
            assert_eq!(
                names(size, n).as_deref(),
                Some(*want),
                "{n} stones on {size}x{size}"
            );
        }
        assert_eq!(names(size, 10), None);
        assert_eq!(names(size, 1), None);
        assert_eq!(names(size, 0), None);
    }
}

#[test]
fn small_and_even_boards() {
    assert_eq!(names(7, 4).as_deref(), Some("C3 E5 C5 E3"));
    assert_eq!(names(7, 5), None);
    assert_eq!(names(8, 4).as_deref(), Some("C3 F6 C6 F3"));
    assert_eq!(names(8, 5), None);
    assert_eq!(names(12, 2).as_deref(), Some("C3 K10"));
    assert_eq!(names(14, 4).as_deref(), Some("D4 L11 D11 L4"));
    assert_eq!(names(14, 5), None);
    assert_eq!(names(11, 9).as_deref(), Some("C3 J9 C9 J3 C6 J6 F3 F9 F6"));
    assert_eq!(
        names(25, 9).as_deref(),
        Some("D4 W22 D22 W4 D13 W13 N4 N22 N13")
    );
    for size in 2..7 {
        for n in 0..10 {
            assert_eq!(names(size, n), None, "{n} on {size}");
        }
    }
    assert_eq!(names(26, 2), None);
}

#[test]
fn every_layout_is_distinct_and_on_the_board() {
    for size in 2..=25 {
        assert_eq!(
            max_fixed(size),
            (2..=9)
                .filter(|&n| fixed_points(size, n).is_some())
                .max()
                .unwrap_or(0)
        );
        for n in 2..=max_fixed(size) {
            let pts = fixed_points(size, n).unwrap();
            assert_eq!(pts.len(), n);
            assert!(pts.iter().all(|p| p.is_on_board(size)));
            let mut sorted = pts.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), n, "{n} on {size}");
            // Even layouts extend the even one before; odd ones from 5 add the centre.
            if n >= 4 && n % 2 == 0 {
                assert_eq!(pts[..n - 2], fixed_points(size, n - 2).unwrap()[..]);
            }
            if n >= 5 && n % 2 == 1 {
                let mut even = fixed_points(size, n - 1).unwrap();
                even.push(Point::new(size / 2, size / 2));
                assert_eq!(pts, even);
            }
        }
    }
}
