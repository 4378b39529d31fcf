from kit.errors import DetailError
from ordering import messages


class NoReject(DetailError):
    code = "no_reject"

    def __init__(self):
        super().__init__(messages.NO_REJECT)
