/**
 * One thing wrong with a request or a record: where, as a path a person reads ("body.data[0].productName",
 * or a JSON pointer before it is made readable), and what. Error answers list them under `errors`.
 */
export interface Problem {
  path: string;
  message: string;
}
