"""What every restaurant shares with every service and the web, defined once.

`contracts.export` writes it to `proto/schemas/constants.json`, from which the web's copy is
generated (`web/scripts/gen-api.mjs` → `web/src/types/api/constants.ts`).
"""

# The restaurants' local time: opening hours, tickets, a sale's day. The services read it through
# kit's `restaurant_timezone` setting (kit.localtime), whose default this is; the web shows and asks
# for days in it; the browser tests and the demo count days in it.
TIME_ZONE = "America/Argentina/Buenos_Aires"


def constants() -> dict:
    return {"time_zone": TIME_ZONE}
