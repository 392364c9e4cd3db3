/** Addresses of the authoring pages. The tenant rides in the query, so the product's documented paths still work. */
export const authorPaths = {
  home: () => '/author',
  bank: (clientId: string, bankId: string) =>
    `/author/banks/${encodeURIComponent(bankId)}?${new URLSearchParams({ tenant: clientId })}`,
  question: (clientId: string, questionId: string) =>
    `/author/questions/${encodeURIComponent(questionId)}?${new URLSearchParams({ tenant: clientId })}`,
  /** The editor of a question not created yet: it is created once the author has written it. */
  newQuestion: (clientId: string, bankId: string, type: string) =>
    `/author/questions/new?${new URLSearchParams({ tenant: clientId, bank: bankId, type })}`,
  import: (clientId: string, bankId: string) =>
    `/author/import?${new URLSearchParams({ tenant: clientId, bank: bankId })}`,
  apiKeys: (clientId: string) => `/author/api-keys?${new URLSearchParams({ tenant: clientId })}`,
  grading: (clientId: string) => `/author/grading?${new URLSearchParams({ tenant: clientId })}`,
};
