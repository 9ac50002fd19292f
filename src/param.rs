//! Named tunable numbers. Each config lists its parameters once, in a table of `Param`s (a
//! name, how to read the value, how to write it); `--param NAME=VALUE`, GTP `tengen-param`
//! and their listings all go through the tables, so a name is written in one place.
//!
//! Uses nothing: the configs of every layer (playouts, priors, search) declare their tables
//! with it.

/// One tunable number of a config `C`.
pub struct Param<C> {
    pub name: &'static str,
    /// The value as a number (a switch reads 0 or 1).
    pub get: fn(&C) -> f32,
    /// Writes a value the caller has checked finite and non-negative; may clamp it to the
    /// field's range, or refuse it with a reason.
    pub set: fn(&mut C, f32) -> Result<(), String>,
}

/// A config with a table of named parameters.
pub trait Tunable: Sized + 'static {
    /// In the order `tengen-param` lists them.
    const PARAMS: &'static [Param<Self>];

    /// Every parameter's name and value, in table order.
    fn param_values(&self) -> Vec<(&'static str, f32)> {
        Self::PARAMS
            .iter()
            .map(|p| (p.name, (p.get)(self)))
            .collect()
    }

    /// Sets the parameter called `name`: `None` when this config has none of that name,
    /// else what its setter said.
    fn set_param_named(&mut self, name: &str, value: f32) -> Option<Result<(), String>> {
        let param = Self::PARAMS.iter().find(|p| p.name == name)?;
        Some((param.set)(self, value))
    }
}

/// A `Param` for a plain `f32` field (or element of one): `field!("name", path.to[field])`.
macro_rules! field {
    ($name:literal, $($path:tt)+) => {
        $crate::param::Param {
            name: $name,
            get: |c| c.$($path)+,
            set: |c, v| {
                c.$($path)+ = v;
                Ok(())
            },
        }
    };
}

/// A `Param` for an `f32` field kept within `lo..=hi`: `within!("name", field, lo, hi)`; a
/// value outside is taken as the nearer bound.
macro_rules! within {
    ($name:literal, $field:ident, $lo:expr, $hi:expr) => {
        $crate::param::Param {
            name: $name,
            get: |c| c.$field,
            set: |c, v| {
                c.$field = v.clamp($lo, $hi);
                Ok(())
            },
        }
    };
}

/// A `Param` for a `u32` count: `count!("name", field, |v| v.round())` stores the closure's
/// value (an `f32`, rounded or clamped as the field needs) as `u32`.
macro_rules! count {
    ($name:literal, $field:ident, |$v:ident| $to:expr) => {
        $crate::param::Param {
            name: $name,
            get: |c| c.$field as f32,
            set: |c, $v| {
                c.$field = $to as u32;
                Ok(())
            },
        }
    };
}

/// A `Param` for a `bool` switch: reads 0 or 1, any value but 0 turns it on.
macro_rules! switch {
    ($name:literal, $field:ident) => {
        $crate::param::Param {
            name: $name,
            get: |c| f32::from(u8::from(c.$field)),
            set: |c, v| {
                c.$field = v != 0.0;
                Ok(())
            },
        }
    };
}

pub(crate) use {count, field, switch, within};

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Toy {
        weight: f32,
        pair: [f32; 2],
        on: bool,
        count: u32,
    }

    impl Tunable for Toy {
        const PARAMS: &'static [Param<Toy>] = &[
            field!("weight", weight),
            field!("second", pair[1]),
            switch!("on", on),
            within!("bounded", weight, 0.0, 1.0),
            count!("rounded", count, |v| v.round()),
            Param {
                name: "count",
                get: |c| c.count as f32,
                set: |c, v| {
                    if v > 9.0 {
                        return Err(format!("count: {v} is above 9"));
                    }
                    c.count = v.round() as u32;
                    Ok(())
                },
            },
        ];
    }

    #[test]
    fn a_table_reads_and_writes_each_field_by_name() {
        let mut toy = Toy::default();
        assert_eq!(toy.set_param_named("weight", 2.5), Some(Ok(())));
        assert_eq!(toy.set_param_named("second", 4.0), Some(Ok(())));
        assert_eq!(toy.set_param_named("on", 1.0), Some(Ok(())));
        assert_eq!(toy.set_param_named("count", 3.4), Some(Ok(())));
        assert_eq!(
            toy.param_values(),
            vec![
                ("weight", 2.5),
                ("second", 4.0),
                ("on", 1.0),
                ("bounded", 2.5),
                ("rounded", 3.0),
                ("count", 3.0)
            ]
        );
        assert_eq!(toy.pair[0], 0.0);
        assert_eq!(toy.set_param_named("bounded", 7.0), Some(Ok(())));
        assert_eq!(toy.weight, 1.0);
        assert_eq!(toy.set_param_named("rounded", 2.6), Some(Ok(())));
        assert_eq!(toy.count, 3);
    }

    #[test]
    fn an_unknown_name_is_none_and_a_refused_value_changes_nothing() {
        let mut toy = Toy::default();
        assert_eq!(toy.set_param_named("nothing", 1.0), None);
        assert!(toy.set_param_named("count", 10.0).unwrap().is_err());
        assert_eq!(toy.count, 0);
    }
}
