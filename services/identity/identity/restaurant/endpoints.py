from fastapi import APIRouter

from identity.auth.service import start_session
from identity.deps import SignerDep
from identity.restaurant import service
from identity.restaurant.schemas import RestaurantRegistered, RestaurantRegistration
from kit.db import SessionDep

router = APIRouter(prefix="/api", tags=["restaurants"])


@router.post("/restaurant/", status_code=201, response_model=RestaurantRegistered, operation_id="registerRestaurant")
async def register_restaurant(body: RestaurantRegistration, session: SessionDep, signer: SignerDep):
    owner, restaurant = await service.register_owner(session, body)
    return RestaurantRegistered(
        id=restaurant.id,
        user_id=owner.id,
        username=owner.username,
        auth_token=start_session(signer, owner),
        name=restaurant.nombre_local,
        phone=restaurant.telefono,
        address=restaurant.direccion,
    )
