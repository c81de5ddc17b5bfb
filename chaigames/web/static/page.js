// chaigames web page: textual.js (loaded just before) starts the terminal on window load. Wait for
// our bundled font first, so the terminal measures its cells with the font it will draw in.
(function () {
  "use strict";
  const startTerminal = window.onload;
  window.onload = function (event) {
    const ready = document.fonts ? document.fonts.load('16px "Roboto Mono"') : Promise.resolve();
    ready.catch(function () {}).then(function () {
      if (startTerminal) startTerminal.call(window, event);
    });
    const restart = function () {
      window.location.href = window.location.pathname; // a fresh page, a fresh game
    };
    document.getElementById("again").addEventListener("click", restart);
    document.getElementById("start").addEventListener("click", restart);
  };
})();
