"""A local Ray instance started and stopped by speciesgym (the Ray executor, RLlib training,
their tests). `ray.init` installs its own SIGTERM (and SIGINT) handlers in the calling
process and `ray.shutdown` leaves them there; `start` remembers the handlers it found and
`stop` puts them back, so a process that used Ray once still stops on SIGTERM as before."""
import signal

SIGNALS = (signal.SIGTERM, signal.SIGINT)


def start(num_cpus=None, **kwargs):
    """ray.init a local instance; returns the handlers to give back to `stop`."""
    import ray
    saved = {s: signal.getsignal(s) for s in SIGNALS}
    ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False,
             configure_logging=False, **kwargs)
    return saved


def stop(saved):
    """ray.shutdown, then the signal handlers found by `start` again."""
    import ray
    ray.shutdown()
    for sig, handler in saved.items():
        signal.signal(sig, handler)
