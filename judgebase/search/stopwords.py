"""Stop words of Spanish, English and German: the Snowball lists whoosh ships, folded as the analyser folds
words (``está`` is ``esta``).

Kept here as data so that the query path imports no search library; ``tests/test_search_parity.py``
checks them against whoosh's lists.
"""

STOPWORDS = {
    "es": frozenset("""
        a al algo algunas algunos ante antes como con contra cual cuando de del desde donde durante e el
        ella ellas ellos en entre era erais eramos eran eras eres es esa esas ese eso esos esta estaba
        estabais estabamos estaban estabas estad estada estadas estado estados estais estamos estan estando
        estar estara estaran estaras estare estareis estaremos estaria estariais estariamos estarian
        estarias estas este esteis estemos esten estes esto estos estoy estuve estuviera estuvierais
        estuvieramos estuvieran estuvieras estuvieron estuviese estuvieseis estuviesemos estuviesen
        estuvieses estuvimos estuviste estuvisteis estuvo fue fuera fuerais fueramos fueran fueras fueron
        fuese fueseis fuesemos fuesen fueses fui fuimos fuiste fuisteis ha habeis habia habiais habiamos
        habian habias habida habidas habido habidos habiendo habra habran habras habre habreis habremos
        habria habriais habriamos habrian habrias han has hasta hay haya hayais hayamos hayan hayas he hemos
        hube hubiera hubierais hubieramos hubieran hubieras hubieron hubiese hubieseis hubiesemos hubiesen
        hubieses hubimos hubiste hubisteis hubo la las le les lo los mas me mi mia mias mio mios mis mucho
        muchos muy nada ni no nos nosotras nosotros nuestra nuestras nuestro nuestros o os otra otras otro
        otros para pero poco por porque que quien quienes se sea seais seamos sean seas sentid sentida
        sentidas sentido sentidos sera seran seras sere sereis seremos seria seriais seriamos serian serias
        si siente sin sintiendo sobre sois somos son soy su sus suya suyas suyo suyos tambien tanto te
        tendra tendran tendras tendre tendreis tendremos tendria tendriais tendriamos tendrian tendrias
        tened teneis tenemos tenga tengais tengamos tengan tengas tengo tenia teniais teniamos tenian tenias
        tenida tenidas tenido tenidos teniendo ti tiene tienen tienes todo todos tu tus tuve tuviera
        tuvierais tuvieramos tuvieran tuvieras tuvieron tuviese tuvieseis tuviesemos tuviesen tuvieses
        tuvimos tuviste tuvisteis tuvo tuya tuyas tuyo tuyos un una uno unos vosostras vosostros vuestra
        vuestras vuestro vuestros y ya yo
    """.split()),
    "en": frozenset("""
        a about above after again against all am an and any are as at be because been before being below
        between both but by can did do does doing don down during each few for from further had has have
        having he her here hers herself him himself his how i if in into is it its itself just me more most
        my myself no nor not now of off on once only or other our ours ourselves out over own s same she
        should so some such t than that the their theirs them themselves then there these they this those
        through to too under until up very was we were what when where which while who whom why will with
        you your yours yourself yourselves
    """.split()),
    "de": frozenset("""
        aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes anderm
        andern anderr anders auch auf aus bei bin bis bist da damit dann das dass dasselbe dazu dein deine
        deinem deinen deiner deines dem demselben den denn denselben der derer derselbe derselben des
        desselben dessen dich die dies diese dieselbe dieselben diesem diesen dieser dieses dir doch dort du
        durch ein eine einem einen einer eines einig einige einigem einigen einiger einiges einmal er es
        etwas euch euer eure eurem euren eurer eures fur gegen gewesen hab habe haben hat hatte hatten hier
        hin hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer ihres im in indem ins ist jede jedem jeden
        jeder jedes jene jenem jenen jener jenes jetzt kann kein keine keinem keinen keiner keines konnen
        konnte machen man manche manchem manchen mancher manches mein meine meinem meinen meiner meines mich
        mir mit muss musste nach nicht nichts noch nun nur ob oder ohne sehr sein seine seinem seinen seiner
        seines selbst sich sie sind so solche solchem solchen solcher solches soll sollte sondern sonst uber
        um und uns unse unsem unsen unser unses unter viel vom von vor wahrend war waren warst was weg weil
        weiter welche welchem welchen welcher welches wenn werde werden wie wieder will wir wird wirst wo
        wollen wollte wurde wurden zu zum zur zwar zwischen
    """.split()),
}
