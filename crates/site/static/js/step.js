// Explorable figures: the `step` behaviour (see explore.js).
(function () {
  'use strict';
  window.GrundyStep = { start() {} };
})();
