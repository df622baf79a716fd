/**
 * Emails in their recipient's language (issue 32, DECISIONS §6 Languages): a person's saved language
 * writes every email they are sent, the unsubscribe line included; an applicant, who has no account
 * yet, is written to in the language the form was sent in, which the account keeps when approved.
 * English stays the spec's text. The in-app notification of each decision is written in the same
 * language. Sent through a real SMTP connection, on both databases.
 */
import { expect, it } from 'vitest';
import { ApiClient } from '../helpers/client.ts';
import { createAmbassador, requestWithdrawal, uniqueEmail, validApplication } from '../helpers/factories.ts';
import { describeEachDatabase } from '../helpers/suite.ts';
import { DAY } from '../helpers/clock.ts';

describeEachDatabase('emails in the recipient’s language (%s)', ({ server, superAdmin: admin }) => {
  it('tells a Spanish ambassador that a report was rejected, why and until when to appeal, in Spanish', async () => {
    const person = await createAmbassador(server, { admin });
    expect((await person.client.patch('/api/user', { locale: 'es' })).status).toBe(200);
    const day = (offset: number) => new Date(server.clock.real().getTime() + offset * DAY).toISOString().slice(0, 10);
    const report = await person.client.post('/api/reports', {
      weekStartDate: day(-7),
      weekEndDate: day(-1),
      activityReport: 'Publiqué 5 hilos en X sobre el juego (12k vistas) y organicé un AMA en Telegram con 300 asistentes.',
    });
    expect(report.status, report.text).toBe(201);
    const seen = server.mail.messages.length;
    const rejected = await admin.post(`/api/admin/reports/${report.body.id}/review`, {
      status: 'rejected',
      reasonCode: 'duplicate_link',
      facts: 'El enlace ya aparece en el informe 12.',
    });
    expect(rejected.status, rejected.text).toBe(200);
    await server.flushEmail();
    const email = await server.mail.waitFor(person.email, { after: seen });
    expect(email.subject).toBe('Tu informe semanal ha sido revisado');
    expect(email.text).toContain(`Hola, ${person.fullName}:`);
    expect(email.text).toMatch(/Tu informe semanal del .+ no ha sido aprobado esta vez\./);
    expect(email.text).toContain('Motivo: Prueba ya utilizada. Cada enlace aportado como prueba cuenta una sola vez.');
    expect(email.text).toContain(`La regla: ${server.config.appUrl}/rules#duplicate_link`);
    expect(email.text).toContain('Comentarios del equipo: El enlace ya aparece en el informe 12.');
    expect(email.text).toMatch(/Puedes apelar esta decisión una vez, hasta el .+ UTC \(14 días\)/);
    // The unsubscribe line too; the one-click header is the same link in any language.
    expect(email.text).toContain('Puedes desactivar estos emails en tu página de perfil o darte de baja:');
    expect(email.headers['list-unsubscribe']).toMatch(/\/api\/unsubscribe\?/);
    // No English sentence of the English email is left.
    for (const english of ['Your weekly report', 'Reason:', 'Feedback from the team', 'You can appeal', 'Questions?', 'Hello ']) {
      expect(email.text, english).not.toContain(english);
    }
    expect(email.html).toContain('<html lang="es">');
    // The notification in the app says the same, in Spanish.
    const [told] = (await person.client.get('/api/notifications')).body;
    expect(told).toMatchObject({ kind: 'report_rejected', title: 'Tu informe semanal no ha sido aprobado', link: `/reports?id=${report.body.id}` });
    expect(told.body).toMatch(/^\d+ \S+ - \d+ \S+ \d{4}: esta vez sin recompensas\. Motivo: Prueba ya utilizada\./);
    expect(told.body).toContain('El enlace ya aparece en el informe 12.');
    for (const english of ['no rewards', 'Reason:', 'The rule', 'appeal']) expect(told.body, english).not.toContain(english);
  });

  it('tells a Brazilian ambassador that a withdrawal was rejected, with the amount as Brazil writes it', async () => {
    const person = await createAmbassador(server, { admin });
    expect((await person.client.patch('/api/user', { locale: 'pt-BR' })).status).toBe(200);
    const withdrawal = await requestWithdrawal(server, person, { amount: '1250.50', balance: '2000.00' });
    const seen = server.mail.messages.length;
    expect((await admin.post(`/api/admin/withdrawals/${withdrawal.id}/reject`, { reasonCode: 'wallet_mismatch' })).status).toBe(200);
    await server.flushEmail();
    const email = await server.mail.waitFor(person.email, { after: seen });
    expect(email.subject).toBe('Seu saque de 1.250,50 USDT foi recusado');
    expect(email.text).toContain('Seu saque de 1.250,50 USDT foi recusado. O valor está disponível na sua carteira novamente.');
    expect(email.text).toContain('Motivo: Problema com a carteira.');
    expect(email.text).not.toContain('withdrawal');
    const [told] = (await person.client.get('/api/notifications')).body;
    expect(told).toMatchObject({ kind: 'withdrawal_rejected', title: 'Saque de 1.250,50 USDT rejeitado' });
    expect(told.body).toMatch(/^O valor está disponível na sua carteira novamente\. Motivo: Problema com a carteira\./);
  });

  it('writes to an applicant in the language of the form, and the approved account keeps it', async () => {
    const email = uniqueEmail('turkish');
    const visitor = new ApiClient(server);
    const seen = server.mail.messages.length;
    const applied = await visitor.post('/api/applications', validApplication({ email, fullName: 'Ayşe Yılmaz' }), {
      'accept-language': 'tr-TR,tr;q=0.9,en;q=0.5',
    });
    expect(applied.status, applied.text).toBe(201);
    await server.flushEmail();
    const receipt = await server.mail.waitFor(email, { after: seen });
    expect(receipt.subject).toBe('Başvurunuzu aldık');
    expect(receipt.text).toContain('Merhaba Ayşe Yılmaz,');
    expect(receipt.text).toMatch(/Ekip her başvuruyu [\d-]+ iş günü içinde inceler/);

    const approvedAt = server.mail.messages.length;
    expect((await admin.post(`/api/admin/applications/${applied.body.id}/approve`)).status).toBe(200);
    await server.flushEmail();
    const setup = await server.mail.waitFor(email, { after: approvedAt, containing: '/setup-password/' });
    expect(setup.subject).toMatch(/programına hoş geldiniz: şifrenizi oluşturun$/);
    expect(setup.text).toContain('Aşağıdaki bağlantıyla şifrenizi oluşturun, ardından giriş yapın.');
    const token = server.mail.setupToken(setup);
    expect((await new ApiClient(server).post(`/api/setup-password/${token}`, { password: 'Passw0rd!' })).status).toBe(200);
    const signedIn = await new ApiClient(server).login(email, 'Passw0rd!');
    expect((await signedIn.get('/api/user')).body.locale).toBe('tr');

    // The language menu's cookie wins over the browser's languages; an English form stays English.
    const spanish = uniqueEmail('cookie');
    const before = server.mail.messages.length;
    await visitor.post('/api/applications', validApplication({ email: spanish }), { cookie: 'locale=es', 'accept-language': 'tr' });
    await server.flushEmail();
    expect((await server.mail.waitFor(spanish, { after: before })).subject).toBe('Hemos recibido tu solicitud');
    const english = uniqueEmail('english');
    const beforeEnglish = server.mail.messages.length;
    await visitor.post('/api/applications', validApplication({ email: english }));
    await server.flushEmail();
    expect((await server.mail.waitFor(english, { after: beforeEnglish })).subject).toBe('We received your application');
  });

  it('answers a Spanish applicant’s rejection in Spanish, with the reason, no abuse check, and that a new application is welcome', async () => {
    const email = uniqueEmail('rechazo');
    const applied = await new ApiClient(server).post('/api/applications', validApplication({ email }), { cookie: 'locale=es' });
    expect(applied.status, applied.text).toBe(201);
    await server.flushEmail();
    const seen = server.mail.messages.length;
    expect((await admin.post(`/api/admin/applications/${applied.body.id}/reject`, { reasonCode: 'low_effort' })).status).toBe(200);
    await server.flushEmail();
    const rejection = await server.mail.waitFor(email, { after: seen, containing: 'Motivo' });
    expect(rejection.text).toContain('Motivo: Actividad insuficiente.');
    expect(rejection.text).toContain('Esta decisión se refiere solo a esta solicitud: puedes enviar una nueva solicitud más adelante');
    expect(rejection.text).not.toContain('comprobación automática');
    expect(rejection.text).not.toContain('new application');
  });

  it('keeps the English emails the spec wrote, word for word', async () => {
    const person = await createAmbassador(server, { admin });
    const withdrawal = await requestWithdrawal(server, person, { amount: '50.00', balance: '100.00' });
    const seen = server.mail.messages.length;
    expect((await admin.post(`/api/admin/withdrawals/${withdrawal.id}/reject`)).status).toBe(200);
    await server.flushEmail();
    const email = await server.mail.waitFor(person.email, { after: seen });
    expect(email.subject).toBe('Your withdrawal of $50.00 USDT was rejected');
    expect(email.text).toContain(`Hello ${person.fullName},`);
    expect(email.text).toContain('Reason: no reason recorded.');
    expect(email.text).toContain('You can turn these emails off on your profile page, or unsubscribe:');
    const [told] = (await person.client.get('/api/notifications')).body;
    expect(told).toMatchObject({ kind: 'withdrawal_rejected', title: 'Withdrawal of 50.00 USDT rejected' });
    expect(told.body).toMatch(/^The amount is available in your wallet again\. Reason: no reason recorded\./);
  });
});
