export { guildMembership } from './discord.ts';
export { readXPost } from './oembed.ts';
export { callOutside, providerUnavailable } from './outside.ts';
export { discordAccessToken, liveLink } from './service.ts';
