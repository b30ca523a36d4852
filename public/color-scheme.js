// The saved light/dark choice is applied before the first paint, so a dark page never flashes
// white. A file of its own, not inline, because the Content-Security-Policy allows no inline script.
try {
  var scheme = localStorage.getItem('mantine-color-scheme-value');
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme === 'dark' ? 'dark' : 'light');
} catch (e) {}
