"""Password hashes computed at low CPU priority, so that logins never starve the pages.

A password hash is slow on purpose (PBKDF2, some 300 ms of CPU). On match day a dozen jurors log
in within seconds while the public polls the live pages, and at the same priority their hashes
took the machine's cores from the pages for seconds. Here each worker process hashes on a thread of
its own whose scheduling priority is lowered (Linux schedules a thread on its own, and hashlib's
PBKDF2 runs without Python's global lock): a login takes what the pages leave, and a page waits no
longer for a login than for an idle core. The hashes, their algorithm and their stored form are
Django's own PBKDF2 (``pbkdf2_sha256``): nothing stored changes.
"""

import os
import threading
from concurrent.futures import ThreadPoolExecutor

from django.contrib.auth.hashers import PBKDF2PasswordHasher

# A nice value: where a page's thread and a hashing thread both want a core, the page gets 28 parts
# of it to the hash's one (Linux's weights: 1024 against 36); on an idle core the hash runs at full
# speed. At 5 (335), the three workers' hashes of a dozen jurors logging in at once weighed as much
# as a busy page thread, and the pages of the match day waited; a machine busy with other work at
# the same priority as the pages starves the logins instead (a minute was seen, at 15, on a
# machine running test suites beside the site).
HASHING_NICENESS = 15

_executor: ThreadPoolExecutor | None = None
_executor_pid: int | None = None
_lock = threading.Lock()


def _lower_priority() -> None:
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HASHING_NICENESS)
    except (AttributeError, OSError):  # not Linux: the hash runs at the process's priority
        pass


def _hashing_thread() -> ThreadPoolExecutor:
    """This process's hashing thread, made on first use (after gunicorn forked its workers: a
    thread does not survive a fork)."""
    global _executor, _executor_pid
    with _lock:
        if _executor is None or _executor_pid != os.getpid():
            _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="password-hash",
                                           initializer=_lower_priority)
            _executor_pid = os.getpid()
        return _executor


class LowPriorityPBKDF2PasswordHasher(PBKDF2PasswordHasher):
    """Django's PBKDF2 hasher (same algorithm name, same hashes), its work done on the hashing thread."""

    def encode(self, password, salt, iterations=None):
        return _hashing_thread().submit(super().encode, password, salt, iterations).result()
