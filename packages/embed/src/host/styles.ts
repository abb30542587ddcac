/**
 * The launcher's and the panel's CSS, inside their shadow root: the page's CSS cannot reach them and
 * theirs cannot leak out. `--ld-primary` and `--ld-on-primary` carry the theme's colour.
 */
export const SHELL_CSS = `
:host{all:initial}
.launcher{position:fixed;bottom:20px;z-index:2147483000;display:flex;align-items:center;justify-content:center;gap:8px;
min-width:56px;height:56px;padding:0 16px;box-sizing:border-box;border:0;border-radius:28px;background:var(--ld-primary);
color:var(--ld-on-primary);font:600 15px/1 system-ui,-apple-system,'Segoe UI',sans-serif;cursor:pointer;
box-shadow:0 4px 16px rgba(0,0,0,.25)}
.launcher:focus-visible{outline:3px solid var(--ld-primary);outline-offset:3px}
.launcher svg{width:24px;height:24px;flex:none}
.right .launcher,.right .panel{right:20px}
.left .launcher,.left .panel{left:20px}
.badge{position:absolute;top:-4px;right:-4px;min-width:20px;height:20px;padding:0 6px;box-sizing:border-box;
border-radius:10px;background:#b91c1c;color:#fff;font-size:12px;line-height:20px;text-align:center}
.badge[hidden]{display:none}
.panel{position:fixed;bottom:88px;z-index:2147483000;width:380px;height:min(640px,calc(100vh - 108px));
border-radius:12px;overflow:hidden;box-shadow:0 8px 32px rgba(0,0,0,.3);display:none}
.open .panel{display:block}
.panel iframe{display:block;width:100%;height:100%;border:0}
.inline{height:100%}
.inline .panel{position:static;display:block;width:100%;height:100%;box-shadow:none;border-radius:inherit}
@media (max-width:639px){.open .panel{inset:0;width:100%;height:100%;border-radius:0}.open .launcher{display:none}}
`

const PATHS = {
  chat: '<path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/>',
  help: '<circle cx="12" cy="12" r="10"/><path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01"/>',
  mail: '<rect x="2" y="4" width="20" height="16" rx="2"/><path d="m22 6-10 7L2 6"/>',
  close: '<path d="M18 6 6 18M6 6l12 12"/>',
}

export const icon = (name: keyof typeof PATHS) =>
  `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${PATHS[name]}</svg>`

/** Dark or light text on a `#rrggbb` background, whichever reads better. */
export function textOn(hex: string): string {
  const n = Number.parseInt(hex.replace('#', ''), 16)
  if (Number.isNaN(n)) return '#fff'
  const [r, g, b] = [n >> 16, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18 ? '#111' : '#fff'
}
