// The query /graph_ql opens with, in the query box and in GraphiQL. Short lines: GraphiQL's editor is
// narrow while its docs are open.
export const DEFAULT_QUERY = `# Money is in cents.
# Every field: the book icon (Docs).
{
  me {
    id
    name
  }
  customers(limit: 5) {
    id
    first_name
    last_name
    loans {
      id
      status
      applied_amount_cents
      payments {
        due
        state
        expected_amount_cents
      }
    }
  }
}
`;
