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

# A nice value: where a page's thread and a hashing thread both want a core, the page gets three
# quarters of it (Linux's weights: 1024 against 335). Lower still, a busy machine's other work
# starved the logins for a minute.
HASHING_NICENESS = 5

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
