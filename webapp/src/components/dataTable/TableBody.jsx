/** The DataTable's body: the rows of the page under their group headings, or the empty text. */
import { groupRows, keptClasses } from './columns.js';

// What a cell is called in a narrow box, where a row is a card of labelled lines (.table--cards): its column's header.
const cardLabel = (col) => (typeof col.Header === 'string' && col.Header.trim()) || undefined;

function Row({ row, prepareRow, rowProps }) {
  prepareRow(row);
  const { key, ...rp } = row.getRowProps(rowProps ? rowProps(row.original) : undefined);
  return (
    <tr key={key} {...rp}>
      {row.cells.map((cell) => {
        const { key: ck, ...cp } = cell.getCellProps();
        const className = [cell.column.className, ...keptClasses(cell.column)].filter(Boolean).join(' ') || undefined;
        return <td key={ck} {...cp} className={className} data-label={cardLabel(cell.column)}>{cell.render('Cell')}</td>;
      })}
    </tr>
  );
}

export default function TableBody({ table, groupBy, rowProps, colCount, emptyText }) {
  const { page, prepareRow, getTableBodyProps } = table;
  const groups = groupRows(page, groupBy);
  return (
    <tbody {...getTableBodyProps()}>
      {groups.map((g) => [
        groupBy && (
          <tr key={`group-${g.key}`} className="dt__group" data-testid="dt-group">
            <th colSpan={colCount} scope="colgroup">
              <span className="dt__group-label">{g.label} <span className="count">{g.rows.length}</span></span>
            </th>
          </tr>
        ),
        ...g.rows.map((row) => <Row key={row.id} row={row} prepareRow={prepareRow} rowProps={rowProps} />),
      ])}
      {!page.length && (
        <tr>
          <td colSpan={colCount} className="dt__empty" data-testid="dt-empty">{emptyText}</td>
        </tr>
      )}
    </tbody>
  );
}
