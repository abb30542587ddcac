// Paints the stored colour mode before any JavaScript bundle loads. A file of its own, not an
// inline script: the Content-Security-Policy allows scripts from the app's origin only.
try {
  if (localStorage.getItem('colorMode') === 'light') {
    document.documentElement.className = 'light'
  }
} catch (_) {}
