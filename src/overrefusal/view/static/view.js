// overrefusal view: keyboard labelling. Served from the package (no inline script anywhere: the page's
// Content-Security-Policy allows only this file). It reads nothing but the page's own forms.
"use strict";
(function () {
  function typing(target) {
    const tag = target && target.tagName ? target.tagName.toLowerCase() : "";
    return tag === "input" || tag === "textarea" || tag === "select" || (target && target.isContentEditable);
  }
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    const key = event.key.toLowerCase();
    if (!/^[crpsu]$/.test(key)) return;
    const button = document.querySelector('[data-key="' + key + '"]');
    if (!button) return;
    event.preventDefault();
    if (button.tagName.toLowerCase() === "a") {
      window.location.assign(button.href);
    } else {
      button.click();
    }
  });
})();
