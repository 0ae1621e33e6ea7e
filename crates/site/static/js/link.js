// Explorable figures: the `link` behaviour (see explore.js).
(function () {
  'use strict';
  window.GrundyLink = { start() {} };
})();
