/**
 * The client's texts are Lingui messages, read through the one i18n instance the page activates
 * before it renders (src/client/i18n/i18n.ts). A unit test of client code starts where the page
 * does: in English, the source language, with no catalog needed. A test of another language loads
 * and activates its own.
 */
import { i18n } from '@lingui/core';

i18n.loadAndActivate({ locale: 'en', messages: {} });
