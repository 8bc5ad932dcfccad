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
  ['identity', 'properties', 'gate-credentials', 'device-health', 'wallet'], // accounts, places, PINs and cards, device health, wallet passes
  ['property-rules', 'devices'], // groups, schedules, lockdown; the gate devices
  ['people', 'delivery'], // residents and managers; delivery passes
  ['visitors', 'gates', 'api-keys', 'sso', 'webhooks'], // visitors and their passes; the gate decision and the pulse; API keys; single sign-on; webhooks
  ['reader', 'hold-open', 'bulk', 'intercom'], // what arrives at a gate, holds, bulk upload, the intercom
  ['own-data'], // a person's own data: export and erasure call every domain that holds some (decision 0105)
];
