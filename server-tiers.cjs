/**
 * The server's domains in tiers, lowest first (docs/decisions/0081-each-domain-owns-its-tables.md).
 * A domain imports domains of lower tiers only; platform/ is below them all and app/ above.
 * test/structure/layout.test.ts checks that every domain folder is in exactly one tier.
 */
module.exports = [
  ['accounts', 'property-records'], // the users and properties tables and their reads, below every reader (decision 0106)
  ['device-records'], // the devices table and its reads, below every reader; it references properties (decision 0108)
  ['authorization'], // who is calling: sessions, device keys, what a route allows
  ['activity'], // the trail every change is recorded in
  ['gate-log', 'push'], // what records an opening and tells a phone
  ['identity', 'gate-credentials', 'device-health', 'wallet'], // accounts, PINs and cards, device health, wallet passes
  ['property-rules', 'devices'], // groups, schedules, lockdown; the gate devices
  ['delivery', 'visitors'], // delivery passes; visitors and their passes
  ['people', 'properties', 'gates', 'api-keys', 'webhooks'], // residents and managers and places, above the visitors they count (decision 0111); the gate decision and the pulse; API keys; webhooks
  ['reader', 'hold-open', 'bulk', 'intercom', 'sso'], // what arrives at a gate, holds, bulk upload, the intercom; single sign-on (it signs people in)
  ['own-data'], // a person's own data: export and erasure call every domain that holds some (decision 0105)
];
