from ordering.table.service import natural


def test_tables_are_listed_in_natural_order():
    assert sorted(["M10", "M2", "S1", "M1"], key=natural) == ["M1", "M2", "M10", "S1"]
