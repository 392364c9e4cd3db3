export const invitationsKey = (clientId: string) => `workspaces/${clientId}/invitations`;
export const membersKey = (clientId: string) => `workspaces/${clientId}/members`;
