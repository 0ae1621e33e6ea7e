//! A finite commutative monoid given by its multiplication table, element 0
//! its identity, and the checks that a table is one.

/// A multiplication table on the elements `0..order`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Table {
    products: Vec<Vec<usize>>,
}

/// What keeps a table from being a commutative monoid with identity 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flaw {
    /// `x·y` is not an element.
    Outside { x: usize, y: usize },
    /// `0·x` is not `x`.
    Identity { x: usize },
    /// `x·y` is not `y·x`.
    Commutes { x: usize, y: usize },
    /// `(x·y)·z` is not `x·(y·z)`.
    Associates { x: usize, y: usize, z: usize },
}

impl Table {
    /// A table from its rows, `products[x][y]` being `x·y`.
    pub(crate) fn new(products: Vec<Vec<usize>>) -> Table {
        Table { products }
    }

    /// The number of elements.
    pub(crate) fn order(&self) -> usize {
        self.products.len()
    }

    /// `x·y`.
    pub(crate) fn product(&self, x: usize, y: usize) -> usize {
        self.products[x][y]
    }

    /// The product of `elements` (the identity for none).
    pub(crate) fn product_of(&self, elements: impl IntoIterator<Item = usize>) -> usize {
        elements.into_iter().fold(0, |acc, x| self.product(acc, x))
    }

    /// The first flaw found, or `None` when the table is a commutative
    /// monoid with identity 0. Associativity takes `order³` steps; the
    /// caller bounds the order.
    pub(crate) fn flaw(&self) -> Option<Flaw> {
        let n = self.order();
        for x in 0..n {
            if self.products[x].len() != n {
                return Some(Flaw::Outside { x, y: 0 });
            }
            for y in 0..n {
                if self.products[x][y] >= n {
                    return Some(Flaw::Outside { x, y });
                }
            }
        }
        for x in 0..n {
            if self.products[0][x] != x {
                return Some(Flaw::Identity { x });
            }
            for y in x + 1..n {
                if self.products[x][y] != self.products[y][x] {
                    return Some(Flaw::Commutes { x, y });
                }
            }
        }
        for x in 0..n {
            for y in 0..n {
                let xy = self.products[x][y];
                for z in 0..n {
                    if self.products[xy][z] != self.products[x][self.products[y][z]] {
                        return Some(Flaw::Associates { x, y, z });
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_each_flaw() {
        // The group of order 2.
        assert_eq!(Table::new(vec![vec![0, 1], vec![1, 0]]).flaw(), None);
        assert_eq!(
            Table::new(vec![vec![0, 2], vec![1, 0]]).flaw(),
            Some(Flaw::Outside { x: 0, y: 1 })
        );
        assert_eq!(
            Table::new(vec![vec![1, 0], vec![0, 1]]).flaw(),
            Some(Flaw::Identity { x: 0 })
        );
        assert_eq!(
            Table::new(vec![vec![0, 1, 2], vec![1, 1, 1], vec![2, 2, 2]]).flaw(),
            Some(Flaw::Commutes { x: 1, y: 2 })
        );
        // Commutative with identity 0 but not associative: 1·1 = 2, 1·2 = 0, 2·2 = 1...
        let t = Table::new(vec![vec![0, 1, 2], vec![1, 2, 2], vec![2, 2, 1]]);
        assert!(matches!(t.flaw(), Some(Flaw::Associates { .. })));
        assert_eq!(t.product_of([1, 1]), 2);
    }
}
