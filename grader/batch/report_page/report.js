document.querySelectorAll('table.sortable thead th').forEach(function (th, column) {
  th.addEventListener('click', function () {
    var table = th.closest('table'), body = table.tBodies[0];
    var ascending = th.getAttribute('aria-sort') !== 'ascending';
    table.querySelectorAll('thead th').forEach(function (h) { h.removeAttribute('aria-sort'); });
    th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[column].dataset.sort, y = b.cells[column].dataset.sort;
      var nx = parseFloat(x), ny = parseFloat(y);
      var order = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : String(x).localeCompare(String(y));
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  });
});
// Printed, every student's feedback is open; those the reader had closed close again after.
var openedForPrint = [];
window.addEventListener('beforeprint', function () {
  openedForPrint = Array.prototype.filter.call(document.querySelectorAll('details'), function (d) { return !d.open; });
  openedForPrint.forEach(function (d) { d.open = true; });
});
window.addEventListener('afterprint', function () {
  openedForPrint.forEach(function (d) { d.open = false; });
  openedForPrint = [];
});
