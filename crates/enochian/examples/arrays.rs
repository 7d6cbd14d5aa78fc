//! Prints the position string of every named starting array.
fn main() {
    for setting in augur_enochian::Element::ALL {
        for board in augur_enochian::Element::ALL {
            for clockwise in [true, false] {
                let p = augur_enochian::Position::array(setting, board, clockwise);
                println!(
                    "{} of {} {}: {p}",
                    setting.name(),
                    board.name(),
                    if clockwise { "d" } else { "w" }
                );
            }
        }
    }
}
