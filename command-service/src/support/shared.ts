/**
 * @lectio/command-service/support: what the query side's support routes share with the command
 * side, so a rule is decided once: who holds the support role (the user decider's fold), the
 * gate of every support call, how a look-up is recorded, and the deciders' own evolve functions
 * that replay an account.
 */
export { recordLookup, supportGate, supportStaffOf } from './access';
export { commandSideOperations } from './operations';
export { replayAccount } from './replay';
