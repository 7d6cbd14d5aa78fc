// The page's layout: the settings menu starts folded on a phone (the
// board comes first) and open on a wider screen.
"use strict";

(() => {
  const settings = document.getElementById("settings");
  if (settings && window.matchMedia && window.matchMedia("(max-width: 600px)").matches) {
    settings.open = false;
  }
})();
