// Runs before the app's modules. A file of its own, not inline, because the Content-Security-Policy
// allows no inline script.

// The saved light/dark choice is applied before the first paint, so a dark page never flashes white.
try {
  var scheme = localStorage.getItem('mantine-color-scheme-value');
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme === 'dark' ? 'dark' : 'light');
} catch (e) {}

// zod (the API contract) builds its object schemas without probing `new Function`: the policy allows
// no eval, and the browser reports the probe as a violation although zod catches it. zod reads this
// shared config when it loads; z.config() in a module would run after the bundled schemas are built.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
