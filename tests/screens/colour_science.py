"""Colour arithmetic for the palette tests, standard library only: sRGB -> CIELAB (D65), the
CIEDE2000 colour difference (Sharma, Wu and Dalal 2005), the WCAG 2 contrast ratio, and the colour
a 256-colour terminal really shows for a hex colour (Rich's own reduction, which is what Textual
writes to such a terminal)."""

from __future__ import annotations

import math

from rich.color import Color, ColorSystem

Lab = tuple[float, float, float]
RGB = tuple[int, int, int]


def hex_rgb(colour: str) -> RGB:
    """'#a1b2c3' -> (161, 178, 195)."""
    h = colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(rgb: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def rgb_to_lab(rgb: RGB) -> Lab:
    """sRGB (D65) -> CIE XYZ -> CIELAB, reference white D65."""
    r, g, b = (_linear(c) for c in rgb)
    x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
    xn, yn, zn = 0.95047, 1.0, 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x / xn), f(y / yn), f(z / zn)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 colour difference with kL = kC = kH = 1 (Sharma, Wu, Dalal 2005, equations 1-22)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)

    def hue(a: float, b: float) -> float:
        return 0.0 if a == 0 and b == 0 else math.degrees(math.atan2(b, a)) % 360

    h1p, h2p = hue(a1p, b1), hue(a2p, b2)
    d_l = L2 - L1
    d_c = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        if dh > 180:
            dh -= 360
        elif dh < -180:
            dh += 360
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_bar = (L1 + L2) / 2
    cp_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        h_bar = (h1p + h2p + 360) / 2
    else:
        h_bar = (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_bar - 30))
        + 0.24 * math.cos(math.radians(2 * h_bar))
        + 0.32 * math.cos(math.radians(3 * h_bar + 6))
        - 0.20 * math.cos(math.radians(4 * h_bar - 63))
    )
    d_theta = 30 * math.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -math.sin(math.radians(2 * d_theta)) * r_c
    return math.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h))


def delta_e(c1: str | RGB, c2: str | RGB) -> float:
    """CIEDE2000 between two sRGB colours (hex strings or triplets)."""
    rgb1 = hex_rgb(c1) if isinstance(c1, str) else c1
    rgb2 = hex_rgb(c2) if isinstance(c2, str) else c2
    return ciede2000(rgb_to_lab(rgb1), rgb_to_lab(rgb2))


def in_256(colour: str) -> RGB:
    """What a 256-colour terminal shows for `colour`: Rich's reduction (the grey ramp for colours
    under 15% saturation, else the nearest step of the 6x6x6 cube), then xterm's standard RGB for
    that index. Textual writes through Rich, so this is the colour `serve`'s default terminal shows."""
    reduced = Color.parse(colour).downgrade(ColorSystem.EIGHT_BIT)
    t = reduced.get_truecolor()
    return t.red, t.green, t.blue
