// Explorable figures: the `edit` behaviour (see explore.js).
(function () {
  'use strict';
  window.GrundyEdit = { start() {} };
})();
