// Explorable figures: the `scrub` behaviour (see explore.js).
(function () {
  'use strict';
  window.GrundyScrub = { start() {} };
})();
