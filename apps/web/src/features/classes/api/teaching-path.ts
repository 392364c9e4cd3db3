/** The main API's path of a workspace's classes, or of one class and what hangs under it. */
export const teachingPath = (clientId: string, classId?: string, rest = '') =>
  `/teaching/clients/${encodeURIComponent(clientId)}/classes${
    classId === undefined ? '' : `/${encodeURIComponent(classId)}`
  }${rest}`;
