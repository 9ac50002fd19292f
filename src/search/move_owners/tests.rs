use super::*;
use crate::geom::Point;

#[test]
fn means_per_move_only_when_on() {
    let mut owners = MoveOwners::default();
    let d4 = Move::Play(Point::new(3, 3));
    let mut owner = [0i8; MAX_POINTS];
    owner[0] = 1;
    owners.add(d4, &owner);
    assert_eq!(owners.of(d4), None, "off: nothing kept");
    owners.set(true);
    owners.add(d4, &owner);
    owner[0] = -1;
    owner[1] = -1;
    owners.add(d4, &owner);
    let mean = owners.of(d4).unwrap();
    assert_eq!((mean[0], mean[1], mean[2]), (0.0, -0.5, 0.0));
    assert_eq!(owners.of(Move::Pass), None);
    let mut total = MoveOwners::default();
    total.set(true);
    total.merge(&owners);
    total.merge(&owners);
    assert_eq!(total.of(d4).unwrap()[1], -0.5);
    owners.set(true);
    assert_eq!(owners.of(d4), None, "cleared");
}
