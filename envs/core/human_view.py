"""render_mode="human": the env's rgb_array picture shown in a matplotlib window.

One window per env, reused from call to call and closed by `env.close()`. Under a
non-interactive matplotlib backend (Agg: tests, servers without a display) the picture is
drawn onto the figure and nothing is shown, so the same code runs headless.
"""


class HumanView:
    """A matplotlib window that shows one HxWx3 picture at a time."""

    def __init__(self):
        self._fig = None
        self._image = None

    def show(self, picture):
        import matplotlib
        import matplotlib.pyplot as plt
        if self._fig is None or not plt.fignum_exists(self._fig.number):
            height, width = picture.shape[:2]
            self._fig = plt.figure(figsize=(width / 100, height / 100), dpi=100)
            ax = self._fig.add_axes((0, 0, 1, 1))
            ax.set_axis_off()
            self._image = ax.imshow(picture)
        else:
            self._image.set_data(picture)
        self._fig.canvas.draw_idle()
        if matplotlib.get_backend().lower() not in ("agg", "pdf", "ps", "svg", "cairo",
                                                     "pgf", "template"):
            plt.show(block=False)
            plt.pause(0.001)

    def close(self):
        if self._fig is not None:
            import matplotlib.pyplot as plt
            plt.close(self._fig)
        self._fig = self._image = None
