"""What a delivery's event says of it (`ordering.delivery.changed`): its facts as they stand, and
which of them changed. Contact details and the address stay here."""
from contracts.ordering import DeliveryChanged, DeliveryField
from ordering.delivery.models import Delivery


def changed(delivery: Delivery, fields: list[DeliveryField]) -> DeliveryChanged:
    return DeliveryChanged(
        restaurant_id=delivery.restaurant_id, delivery_id=delivery.id, number=delivery.fk_delivery,
        type_delivery=delivery.type_delivery, source=delivery.source, status=delivery.status,
        closed_at=delivery.closed_at, tracking_hash=delivery.tracking_hash, fields=fields,
    )
