from kit.settings import ServiceSettings


class Settings(ServiceSettings):
    service_name: str = "ordering"
    # Caps on what one order may hold (staff and diners): a typo of 1000 instead of 10 is refused.
    max_lines_per_order: int = 30
    max_quantity_per_line: int = 50
    # A diner's phone may place at most this many orders per place per minute.
    diner_orders_per_minute: int = 5
    # Anonymous delivery and take-away orders (the menu link), per clock minute: a busy night is a
    # few a minute per restaurant and one per diner, so these only stop floods (and one address
    # cannot use up a restaurant's allowance: a refused order counts nowhere).
    delivery_orders_per_restaurant_per_minute: int = 30
    delivery_orders_per_address_per_minute: int = 10
    # A diner's tracking link (delivery/seguimiento/{token}/) works until `tracking_hours_after_close`
    # (kit's settings) after its order closed, and answers at most so many reads a minute per client
    # address, found or not (a page reads it on opening and on each of its order's frames).
    tracking_reads_per_address_per_minute: int = 60
    # Staff calls may name their moment in X-Demo-Time (`ordering.clock`): the local stack's demo
    # month only (deploy/local/config.py STACK_ONLY_ENV); off everywhere else.
    demo_clock: bool = False
