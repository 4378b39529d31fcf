from kit.errors import DetailError
from ordering import messages


class NoReject(DetailError, code="no_reject", text=messages.NO_REJECT): ...
