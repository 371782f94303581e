// The PostgreSQL texts of the prepared queries (db/prepared.server.ts), each with the name its
// connections prepare it under (db/connect.server.ts). Only these few are named: a named statement
// stays in every connection until it closes.
const names = new Map<string, string>()

export const nameStatement = (sql: string) => {
  if (!names.has(sql)) names.set(sql, `prepared_${names.size + 1}`)
}

export const statementName = (sql: string) => names.get(sql)
