//! Neighbours through a uniform grid, not all pairs: the agents are sorted into square
//! cells over the box around them (a counting sort, so an agent's place depends only on
//! the positions), and a query looks only in the cells its circle overlaps. Queries visit
//! their neighbours in one fixed order (cells row by row, agents in each cell by index),
//! so a crowd's sums come out the same on every machine.

use glam::Vec2;

/// Agents sorted into cells.
#[derive(Clone, Debug, Default)]
pub struct Grid {
    origin: Vec2,
    cell: f32,
    cols: usize,
    rows: usize,
    /// Where each cell's agents start in `items` (one more than the cells).
    starts: Vec<u32>,
    /// Every agent, cell by cell: its position and index (a query reads one cell's
    /// agents from one stretch of memory).
    items: Vec<(Vec2, u32)>,
    /// The next free place in each cell while sorting (kept to spare an allocation).
    next: Vec<u32>,
}

/// Cells per agent at most: a crowd spread thin gets bigger cells rather than a grid that
/// outgrows it.
const CELLS_PER_AGENT: usize = 4;

impl Grid {
    /// `positions` sorted into cells of about `cell` units (larger if the crowd is spread
    /// so thin that the grid would have more than four cells per agent).
    pub fn new(positions: &[Vec2], cell: f32) -> Grid {
        let mut grid = Grid::default();
        grid.rebuild(positions, cell);
        grid
    }

    /// A rough count of the bytes its buffers hold.
    pub fn approx_bytes(&self) -> usize {
        (self.starts.capacity() + self.next.capacity()) * std::mem::size_of::<u32>()
            + self.items.capacity() * std::mem::size_of::<(Vec2, u32)>()
    }

    /// Sorts `positions` again, keeping the buffers.
    pub fn rebuild(&mut self, positions: &[Vec2], cell: f32) {
        let finite = positions.iter().filter(|p| p.is_finite());
        let (lo, hi) = finite.fold((Vec2::INFINITY, Vec2::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(*p), hi.max(*p))
        });
        let (lo, hi) = if lo.x <= hi.x {
            (lo, hi)
        } else {
            (Vec2::ZERO, Vec2::ZERO)
        };
        let extent = hi - lo;
        let most = (positions.len() * CELLS_PER_AGENT).max(1) as f32;
        let mut size = if cell > 0.0 && cell.is_finite() {
            cell
        } else {
            1.0
        };
        if (extent.x / size + 1.0) * (extent.y / size + 1.0) > most {
            // Then (x/s + 1)(y/s + 1) = xy/s^2 + (x + y)/s + 1 <= most/4 + most/2 + 1,
            // at most `most` (which is at least 4).
            let area = 2.0 * (extent.x * extent.y / most).sqrt();
            size = size.max(area).max(2.0 * (extent.x + extent.y) / most);
        }
        self.origin = lo;
        self.cell = size;
        self.cols = (extent.x / size) as usize + 1;
        self.rows = (extent.y / size) as usize + 1;
        let cells = self.cols * self.rows;
        self.starts.clear();
        self.starts.resize(cells + 1, 0);
        for p in positions {
            let c = self.index(*p);
            self.starts[c + 1] += 1;
        }
        for i in 0..cells {
            self.starts[i + 1] += self.starts[i];
        }
        self.items.clear();
        self.items.resize(positions.len(), (Vec2::ZERO, 0));
        let mut next = std::mem::take(&mut self.next);
        next.clear();
        next.extend_from_slice(&self.starts);
        for (i, p) in positions.iter().enumerate() {
            let c = self.index(*p);
            self.items[next[c] as usize] = (*p, i as u32);
            next[c] += 1;
        }
        self.next = next;
    }

    fn cell_of(&self, p: Vec2) -> (usize, usize) {
        let local = (p - self.origin) / self.cell;
        // (A position outside the box or not finite goes to the nearest edge cell; `as`
        // takes NaN to 0.)
        let col = (local.x.max(0.0) as usize).min(self.cols - 1);
        let row = (local.y.max(0.0) as usize).min(self.rows - 1);
        (col, row)
    }

    fn index(&self, p: Vec2) -> usize {
        let (col, row) = self.cell_of(p);
        row * self.cols + col
    }

    /// Every agent's index, cell by cell (row by row), each cell's by index: an order
    /// in which agents next to each other in space come close together.
    pub fn order(&self) -> impl Iterator<Item = usize> + '_ {
        self.items.iter().map(|(_, i)| *i as usize)
    }

    /// Every agent within `radius` of `p` (its own position included if it is one), as
    /// its index and squared distance, in the grid's fixed order.
    pub fn near(&self, p: Vec2, radius: f32, mut visit: impl FnMut(usize, f32)) {
        if self.items.is_empty() {
            return;
        }
        let (c0, r0) = self.cell_of(p - radius);
        let (c1, r1) = self.cell_of(p + radius);
        let squared = radius * radius;
        for row in r0..=r1 {
            // The row's cells c0..=c1 are one stretch of `items`.
            let (first, last) = (row * self.cols + c0, row * self.cols + c1);
            let cells = self.starts[first] as usize..self.starts[last + 1] as usize;
            for &(at, i) in &self.items[cells] {
                let d = at.distance_squared(p);
                if d <= squared {
                    visit(i as usize, d);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers spread over [lo, hi) from a seed (a linear congruential generator).
    fn spread(seed: &mut u64, lo: f32, hi: f32) -> f32 {
        *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        lo + (hi - lo) * ((*seed >> 40) as f32 / (1u64 << 24) as f32)
    }

    /// Every pair, the slow way.
    fn brute(positions: &[Vec2], p: Vec2, radius: f32) -> Vec<usize> {
        (0..positions.len())
            .filter(|&i| positions[i].distance_squared(p) <= radius * radius)
            .collect()
    }

    #[test]
    fn a_query_finds_exactly_the_agents_within_its_radius() {
        let mut seed = 3;
        let positions: Vec<Vec2> = (0..500)
            .map(|_| {
                Vec2::new(
                    spread(&mut seed, -300.0, 300.0),
                    spread(&mut seed, -100.0, 500.0),
                )
            })
            .collect();
        for cell in [5.0, 20.0, 60.0] {
            let grid = Grid::new(&positions, cell);
            for k in 0..50 {
                let p = positions[k * 7];
                for radius in [0.0, 15.0, 40.0, 200.0] {
                    let mut found = Vec::new();
                    grid.near(p, radius, |i, d| {
                        assert_eq!(d, positions[i].distance_squared(p));
                        found.push(i);
                    });
                    found.sort_unstable();
                    assert_eq!(
                        found,
                        brute(&positions, p, radius),
                        "cell {cell} r {radius}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_thin_crowd_gets_bigger_cells_not_a_huge_grid() {
        // Two agents a million units apart with cells of 1: at most 4 cells per agent.
        let positions = [Vec2::ZERO, Vec2::splat(1.0e6)];
        let grid = Grid::new(&positions, 1.0);
        assert!(grid.cols * grid.rows <= 8, "{} x {}", grid.cols, grid.rows);
        let mut found = Vec::new();
        grid.near(Vec2::splat(1.0e6), 10.0, |i, _| found.push(i));
        assert_eq!(found, vec![1]);
        // A line of agents: the grid stays small too.
        let line: Vec<Vec2> = (0..10).map(|i| Vec2::new(i as f32 * 1.0e5, 0.0)).collect();
        let grid = Grid::new(&line, 1.0);
        assert!(grid.cols * grid.rows <= 40, "{} x {}", grid.cols, grid.rows);
    }

    #[test]
    fn neighbours_come_row_by_row_then_by_index() {
        // Cells of 10 from (0, 0): agents 0 and 2 in the upper row's cell, 1 in the lower.
        let positions = [
            Vec2::new(1.0, 15.0),
            Vec2::new(2.0, 1.0),
            Vec2::new(3.0, 16.0),
        ];
        let grid = Grid::new(&positions, 10.0);
        let mut order = Vec::new();
        grid.near(Vec2::new(2.0, 8.0), 20.0, |i, _| order.push(i));
        assert_eq!(order, vec![1, 0, 2]);
    }

    #[test]
    fn nothing_finite_or_nothing_at_all_is_no_trouble() {
        let empty = Grid::new(&[], 10.0);
        empty.near(Vec2::ZERO, 10.0, |_, _| panic!("nothing to visit"));
        let odd = [
            Vec2::new(f32::NAN, 0.0),
            Vec2::ZERO,
            Vec2::splat(f32::INFINITY),
        ];
        let grid = Grid::new(&odd, 0.0);
        let mut found = Vec::new();
        grid.near(Vec2::ZERO, 1.0, |i, _| found.push(i));
        assert_eq!(found, vec![1]);
    }

    #[test]
    fn the_order_is_cell_by_cell_row_by_row_each_cells_by_index_rebuilt_or_not() {
        // Cells of 10 from (5, 5): (5, 5) is cell (0, 0); (25, 5) and (26, 6) cell (2, 0);
        // (5, 25) cell (0, 2).
        let first = [
            Vec2::new(25.0, 5.0),
            Vec2::new(5.0, 5.0),
            Vec2::new(5.0, 25.0),
            Vec2::new(26.0, 6.0),
        ];
        let mut grid = Grid::new(&first, 10.0);
        assert_eq!(grid.order().collect::<Vec<_>>(), [1, 0, 3, 2]);
        // Its buffers: a place and an index per agent (12 bytes), and two counts per
        // cell (3 x 3 cells here, 10 counts each with the end), as they were allocated.
        assert_eq!((grid.cols, grid.rows), (3, 3));
        assert_eq!(
            (grid.items.len(), grid.starts.len(), grid.next.len()),
            (4, 10, 10)
        );
        let held = grid.items.capacity() * 12 + (grid.starts.capacity() + grid.next.capacity()) * 4;
        assert_eq!(grid.approx_bytes(), held);
        assert!(held >= 4 * 12 + 2 * 10 * 4);
        // Sorted again (its buffers kept): the new places only.
        let second = [
            Vec2::new(0.0, 30.0),
            Vec2::new(0.0, 0.0),
            Vec2::new(30.0, 0.0),
        ];
        grid.rebuild(&second, 10.0);
        assert_eq!(grid.order().collect::<Vec<_>>(), [1, 2, 0]);
        let mut found = Vec::new();
        grid.near(Vec2::new(30.0, 0.0), 1.0, |i, d| found.push((i, d)));
        assert_eq!(found, [(2, 0.0)]);
    }
}
