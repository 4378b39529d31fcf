"""Orders, delivery and takeaway, tickets and reports."""
