// Theme before first paint (no flash). Key 'theme': 'light' | 'dark' | 'system' (default).
// A separate file rather than an inline script so the Content-Security-Policy can forbid inline code.
(function () {
  try {
    var t = localStorage.getItem('theme');
    var dark = t === 'dark' || (t !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    var root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {}
})();
