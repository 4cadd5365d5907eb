import { z } from 'zod';
import * as answers from '../../shared/schemas/responses-companies.js';
import { messageResponse } from '../../shared/schemas/responses.js';
import {
  invitationInput,
  invitationSetupInput,
  invitationTokenParams,
  newCompanyInput,
} from '../../shared/schemas/onboarding.js';
import { idParams, operation, reply } from '../lib/http.js';
import * as invitations from './invitations.js';
import { createOwnCompany } from './self-service.js';

/**
 * The companies area's onboarding operations (docs/onboarding.md): a user creates their own
 * company, managers invite people into theirs, invitees accept. Joined into the area's handler map.
 */
export const onboardingOperations = {
  createOwnCompany: operation('user', {
    response: answers.joinedCompanyResponse,
    body: newCompanyInput,
    run: async ({ caller, body }) => reply(201, await createOwnCompany(caller, body)),
  }),
  inviteMember: operation('tenant', {
    response: answers.invitationSentResponse,
    body: invitationInput,
    run: async ({ caller, tenantId, body }) => reply(201, await invitations.inviteMember(caller, tenantId, body)),
  }),
  listCompanyInvitations: operation('tenant', {
    response: answers.companyInvitationsResponse,
    run: ({ tenantId }) => invitations.listCompanyInvitations(tenantId),
  }),
  revokeInvitation: operation('tenant', {
    response: messageResponse,
    params: idParams,
    run: ({ tenantId, params }) => invitations.revokeInvitation(tenantId, params.id),
  }),
  myInvitations: operation('user', {
    response: answers.myInvitationsResponse,
    run: ({ caller }) => invitations.myInvitations(caller),
  }),
  describeInvitation: operation('public', {
    response: answers.invitationResponse,
    params: invitationTokenParams,
    run: ({ params }) => invitations.describeInvitation(params.token),
  }),
  acceptInvitation: operation('user', {
    response: answers.joinedCompanyResponse,
    params: invitationTokenParams,
    run: ({ caller, params }) => invitations.acceptInvitation(caller, params.token),
  }),
  declineInvitation: operation('user', {
    response: messageResponse,
    params: invitationTokenParams,
    run: ({ caller, params }) => invitations.declineInvitation(caller, params.token),
  }),
  setUpInvitedAccount: operation('public', {
    response: answers.joinedCompanyResponse.extend({ email: z.string() }),
    params: invitationTokenParams,
    body: invitationSetupInput,
    run: ({ params, body }) => invitations.setUpInvitedAccount(params.token, body.password),
  }),
};
