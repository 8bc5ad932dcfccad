// Texts of access groups (docs/SPEC.md property rules), apart from the schemas so screens need not load zod.
export const ACCESS_GROUP_MESSAGES = {
  tooManyMembersToEdit: (count: number) =>
    `This group has ${count.toLocaleString('en-US')} members, more than this editor lists. Change it through the API (PUT /api/access-groups/:groupId).`,
  nameRequired: 'Group name is required',
  duplicateName: (name: string) => `This property already has a group called “${name}”. Choose another name.`,
  notGates: (count: number) =>
    count === 1
      ? 'One of the chosen gates is not a gate of this property.'
      : `${count} of the chosen gates are not gates of this property.`,
  notResidents: (count: number) =>
    count === 1
      ? 'One of the chosen members is not a resident of this property.'
      : `${count} of the chosen members are not residents of this property.`,
  duplicateIds: 'Each one may be chosen only once.',
  invalid: 'Please correct the highlighted fields.',
  notFound: 'Access group not found',
  propertyNotFound: 'Property not found',
  created: 'Access group created',
  updated: 'Access group saved',
  deleted: 'Access group deleted',
  listFailed: 'Failed to load access groups',
  saveFailed: 'The access group could not be saved.',
  noGroup: 'No access group',
  /** A resident's Gates screen when the property has gates but none of their groups includes one. */
  inNoGateGroup: "You aren't in any gate group yet. Ask your property manager.",
  notNow: (opensAt: string | null) => (opensAt ? `Not now (opens ${opensAt})` : 'Not now'),
} as const;
