// The mailbox lives beside the server's test support, which receives real mail too.
export { Mailbox } from '../../test/support/mailbox';
