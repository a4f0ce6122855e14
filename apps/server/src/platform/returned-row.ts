// The row an insert, or an update of a row the transaction already holds, must answer with. None
// means the database broke that promise: a bug to surface at once, with the caller's words, rather
// than an undefined passed on.
export function returnedRow<Row>(rows: readonly Row[], failure: string): Row {
  const [row] = rows;
  if (!row) throw new Error(failure);
  return row;
}
