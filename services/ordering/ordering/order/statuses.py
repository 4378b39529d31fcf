"""An order line's status codes (spec part 2 §4 'Order status codes') and the groups the rules name.

Plain constants, importable anywhere (the money module in the PDF render process included); what
may follow what is `transitions`.
"""

NEW, ACCEPTED, REJECTED, DELIVERED, CLOSING, PAID, ON_THE_WAY = "1", "2", "3", "4", "5", "6", "7"
STATUSES = (NEW, ACCEPTED, REJECTED, DELIVERED, CLOSING, PAID, ON_THE_WAY)

# A line in one of these is open: it holds its dish and its place (contracts.ordering).
OPEN = (NEW, ACCEPTED, DELIVERED)
# Active for the report: anything but rejected or paid (spec part 2 §5).
INACTIVE = (REJECTED, PAID)

# A line's `pay_status` while an online payment holds it (the marketplace's pending payment, or its
# rejection): it is paid, rejected or removed only once that checkout ends.
HELD_ONLINE = ("pending", "rejected")
