export const invitationsKey = (clientId: string) => `workspaces/${clientId}/invitations`;
export const membersKey = (clientId: string) => `workspaces/${clientId}/members`;
export const limitsKey = (clientId: string) => `workspaces/${clientId}/limits`;
